// What the sign-in feature offers the others: the help icon with the Login help (the 2-Step
// Verification screen shows it too).
export { LoginHelpButton } from './components/LoginHelpButton';
