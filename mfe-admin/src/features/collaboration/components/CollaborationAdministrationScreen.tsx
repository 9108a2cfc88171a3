// /administration/collaboration: workgroups and their members, and who holds which roles
// (spec 6 route guard "collaboration admin": users, roles, workgroups).
import { ScreenFrame, type ScreenComponent } from '@portal/shared';
import { UserRolesOverview } from './UserRolesOverview';
import { WorkgroupsSection } from './WorkgroupsSection';

export const CollaborationAdministrationScreen: ScreenComponent = ({ route }) => (
  <ScreenFrame route={route}>
    <WorkgroupsSection />
    <UserRolesOverview />
  </ScreenFrame>
);
