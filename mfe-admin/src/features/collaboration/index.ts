// What other features may use of collaboration: the workgroups list's key (member changes made
// in the User List refresh it).
export { WORKGROUP_KEYS } from './api/workgroups';
