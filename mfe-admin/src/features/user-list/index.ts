// What other features may use of the User List: the organization's users.
export { USER_KEYS, useUsers, type ProcessMembership, type UserSummary } from './api/getUsers';
export { MembershipList } from './components/MembershipList';
