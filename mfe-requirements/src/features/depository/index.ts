// The depository (/requirements): the process's requirements as a tree or a table, one beside it.
export { DepositoryScreen } from './components/DepositoryScreen';
