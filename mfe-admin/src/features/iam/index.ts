// What other features may use of IAM: the roles an administrator can hand out.
export { useRoleChoices, type RoleChoices } from './api/getRoleChoices';
