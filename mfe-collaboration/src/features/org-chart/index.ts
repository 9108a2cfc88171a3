// The org chart feature's public face: what the task assignment screen offers from the chart.
export { AssigneeSuggestions } from './components/AssigneeSuggestions';
