import { describeRemoteRoutes } from '@portal/shared/testing/describeRemoteRoutes';
import { definition } from './definition';

describeRemoteRoutes(definition);
