import { renderStandalone } from '@portal/shared';
import { definition } from '../app/definition';

// Runs this remote alone against the running API (its dev server proxies /api to it).
renderStandalone(definition);
