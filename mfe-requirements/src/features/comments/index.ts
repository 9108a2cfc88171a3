// Every comment of the process (/requirements/comments).
export { CommentsScreen } from './CommentsScreen';
