import { useParams } from 'react-router';
import { useAppSelector } from '../../../store/createStore';
import { PlaceholderPage } from '../common/PlaceholderPage';
import type { RouteModule } from '../../routing/types';
import { actionLoader, actionTitles, isAuthAction, isScreenType, screenLoader, screenTitles } from './actions';

function ActionPage() {
  const { action } = useParams();
  const local = useAppSelector((s) => s.config.localAuth);
  if (!isAuthAction(action)) return null;
  const t = actionTitles[action];
  return <PlaceholderPage title={local ? t.local : t.title} description="Account self-service." />;
}

function ScreenPage() {
  const { type } = useParams();
  if (!isScreenType(type)) return null;
  return <PlaceholderPage title={screenTitles[type]} description="Account self-service." />;
}

export const routes: Record<string, RouteModule> = {
  action: { Component: ActionPage, loader: actionLoader },
  screen: { Component: ScreenPage, loader: screenLoader },
  terms: {
    Component: function Terms() {
      return <PlaceholderPage title="Terms of use" description="The terms that govern the use of this appliance console." />;
    },
  },
};
