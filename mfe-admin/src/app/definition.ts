import type { RemoteDefinition } from '@portal/shared';
import { InitializationScreen } from '../features/initialization/components/InitializationScreen';
import { AdministrationScreen } from '../features/administration/components/AdministrationScreen';
import { GlobalAdministrationScreen } from '../features/global/components/GlobalAdministrationScreen';
import { IamScreen } from '../features/iam/components/IamScreen';
import { OrganizationAdministrationScreen } from '../features/organization/components/OrganizationAdministrationScreen';
import { SubscriptionScreen } from '../features/subscriptions/components/SubscriptionScreen';
import { UserListScreen } from '../features/user-list/components/UserListScreen';
import { CollaborationAdministrationScreen } from '../features/collaboration/components/CollaborationAdministrationScreen';
import { ProcessesScreen } from '../features/processes/components/ProcessesScreen';
import { NewProcessScreen } from '../features/processes/components/NewProcessScreen';
import { ProcessSettingsScreen } from '../features/processes/components/ProcessSettingsScreen';
import { JobsScreen } from '../features/jobs/components/JobsScreen';
import { ServiceModulesScreen } from '../features/service-modules/components/ServiceModulesScreen';

/** What this remote serves: its routes (owner 'mfe-admin' in the shared route table) and their screens. */
export const definition: RemoteDefinition = {
  remote: 'mfe-admin',
  screens: {
    '/administration/global/initialization': InitializationScreen,
    '/administration': AdministrationScreen,
    '/administration/global': GlobalAdministrationScreen,
    '/administration/global/jobs': JobsScreen,
    '/administration/iam': IamScreen,
    '/administration/organization': OrganizationAdministrationScreen,
    '/settings/subscriptions': SubscriptionScreen,
    '/administration/user-list': UserListScreen,
    '/administration/collaboration': CollaborationAdministrationScreen,
    '/projects': ProcessesScreen,
    '/projects/new-project': NewProcessScreen,
    '/projects/settings': ProcessSettingsScreen,
    '/administration/service-modules': ServiceModulesScreen,
  },
};
