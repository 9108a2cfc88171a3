// The colour of each requirement status, the same in every chart and on the priority planes.
import { REQUIREMENT_STATUSES } from '@portal/shared';
import { scaleOrdinal } from 'd3';

/**
 * Tableau 10, d3's categorical scheme, written out: d3-scale-chromatic ships as one bundle that
 * would add ~18 KB (gzip) of colour schemes for these ten colours.
 */
export const CATEGORY_COLORS = ['#4e79a7', '#f28e2c', '#e15759', '#76b7b2', '#59a14f', '#edc949', '#af7aa1', '#ff9da7', '#9c755f', '#bab0ab'];

export const statusColor = scaleOrdinal<string, string>().domain([...REQUIREMENT_STATUSES]).range(CATEGORY_COLORS);
