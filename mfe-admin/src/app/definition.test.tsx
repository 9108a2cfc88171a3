import { describeRemoteRoutes } from '@portal/shared/testing';
import { definition } from './definition';

describeRemoteRoutes(definition);
