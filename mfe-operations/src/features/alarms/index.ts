// The alarms screens (issue 25 items 4-5) for the routes /alarms and /alarms/:id.
export { AlarmScreen, AlarmsScreen } from './components/AlarmsScreen';
export { ALARM_KEYS } from './api/alarms';
