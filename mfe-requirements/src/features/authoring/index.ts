// Adding and modifying a requirement (the Add and Modify wizards).
export { AddRequirementScreen } from './components/AddRequirementScreen';
export { ModifyRequirementScreen } from './components/ModifyRequirementScreen';
