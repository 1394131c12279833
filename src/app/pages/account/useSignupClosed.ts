/**
 * Whether sign-up is closed, from the login setup (`GET {auth}/setup`, `getLoginSetup`: the mode, never the domain
 * list): the identity screens hide their sign-up links then. Until the answer comes, and when it fails, the links
 * stay: the identity service refuses a closed sign-up by itself, and the sign-up page says so.
 */
import { useEffect, useState } from 'react';
import { authBaseOf } from '../../../shared/contracts/endpoint';
import { parseSetup } from '../../../identity/localAuth';
import { getLoginSetup } from '../../../shared/contracts/shell';
import { useAppSelector } from '../../../store/createStore';
import { useServices } from '../../services';

export function useSignupClosed(): boolean {
  const { api } = useServices();
  const authBase = useAppSelector((s) => s.config.authBase);
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    api.call(getLoginSetup, {}, { ...authBaseOf(authBase), signal: controller.signal }).then(
      (res) => setClosed(parseSetup(res.data).signup === 'closed'),
      () => undefined,
    );
    return () => controller.abort();
  }, [api, authBase]);
  return closed;
}
