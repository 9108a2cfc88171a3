// What other features may use of global administration: the organizations list (IAM's role
// assignments let a Global Admin pick the organization whose users are listed).
export { useOrganizations } from './api/organizations';
