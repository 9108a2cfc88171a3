// The review screen (/review-requirement): the signed-in user's reviews and other open tasks.
export { ReviewScreen } from './components/ReviewScreen';
