// What other features may use of global administration: the organizations list (IAM's role
// assignments let a Global Admin pick the organization whose users are listed), and the Global
// Admin's permissions (the background jobs screen is the Global Admin's too).
export { useOrganizations } from './api/organizations';
export { GLOBAL_ORGANIZATION } from './permissions';
