/**
 * The SSH password form's rules, loaded with the form (lazyRules.ts): the lengths are the body schema's
 * (src/shared/contracts/ssh.ts); the name and strength rules the page's.
 */
import { object, ref, string } from 'yup';
import { passwordStrength } from '../../../lib/passwordStrength';
import * as ssh from '../../../shared/contracts/ssh';
import { fieldSchemaOf } from '../../forms/contractRules';

export const shellPasswordSchema = (username: string) =>
  object({
    // The lengths are the body schema's (src/shared/contracts/ssh.ts); the name and strength rules the page's.
    new_password: fieldSchemaOf(ssh.ShellPasswordChange, 'new_password', 'The password')
      .test(
        'username',
        'The password must not contain the user name.',
        (v) => !(v ?? '').toLowerCase().includes(username),
      )
      .test(
        'strength',
        'This password is too weak: make it longer or mix letters, digits and symbols.',
        (v) => (!v ? true : passwordStrength(v) !== 'weak'),
      ),
    confirm: string()
      .required('This field is required.')
      .oneOf([ref('new_password')], 'The passwords do not match.'),
    current_password: fieldSchemaOf(ssh.ShellPasswordChange, 'current_password', 'Your password'),
  });
