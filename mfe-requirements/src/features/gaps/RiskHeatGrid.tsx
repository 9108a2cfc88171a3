// The 5×5 heat grid of open risks, drawn with d3 scales: likelihood across, impact up, each cell
// coloured by its score and labelled with its count of open risks; its counts as a table (impact
// by likelihood) behind a toggle, the grid's text alternative.
import { Box } from '@chakra-ui/react';
import { ChartTable } from '@portal/shared/screens';
import { interpolateRgbBasis, scaleBand, scaleSequential } from 'd3';
import type { Risk } from '../../types/analysis';
import { heatCells, LEVELS } from './riskGrid';

// Yellow → orange → red (the stops of d3's YlOrRd, without bundling d3-scale-chromatic).
const RISK_COLORS = interpolateRgbBasis(['#ffffcc', '#fed976', '#fd8d3c', '#e31a1c', '#800026']);
const SIZE = 300;
const MARGIN = { top: 10, right: 10, bottom: 40, left: 44 };

export function RiskHeatGrid({ risks }: { risks: readonly Risk[] }) {
  const cells = heatCells(risks);
  const open = cells.reduce((sum, cell) => sum + cell.count, 0);
  const x = scaleBand<number>().domain([...LEVELS]).range([MARGIN.left, SIZE - MARGIN.right]).padding(0.06);
  const y = scaleBand<number>().domain([...LEVELS].reverse()).range([MARGIN.top, SIZE - MARGIN.bottom]).padding(0.06);
  const color = scaleSequential(RISK_COLORS).domain([1, 25]);
  return (
    <Box as="figure" maxW="22rem">
      <svg viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-label={`Risk heat grid: ${open} open ${open === 1 ? 'risk' : 'risks'}`} width="100%">
        {cells.map((cell) => (
          <g key={`${cell.likelihood}-${cell.impact}`} data-testid={`heat-${cell.likelihood}-${cell.impact}`}>
            <title>{`Likelihood ${cell.likelihood} × impact ${cell.impact} (score ${cell.score}): ${cell.count} open`}</title>
            <rect x={x(cell.likelihood)} y={y(cell.impact)} width={x.bandwidth()} height={y.bandwidth()} fill={color(cell.score)} opacity={cell.count ? 1 : 0.35} rx={3} />
            {cell.count > 0 && (
              <text x={(x(cell.likelihood) ?? 0) + x.bandwidth() / 2} y={(y(cell.impact) ?? 0) + y.bandwidth() / 2} textAnchor="middle" dominantBaseline="central" fontSize={16} fontWeight={700}>
                {cell.count}
              </text>
            )}
          </g>
        ))}
        {LEVELS.map((level) => (
          <text key={`x${level}`} x={(x(level) ?? 0) + x.bandwidth() / 2} y={SIZE - MARGIN.bottom + 14} textAnchor="middle" fontSize={11}>
            {level}
          </text>
        ))}
        {LEVELS.map((level) => (
          <text key={`y${level}`} x={MARGIN.left - 8} y={(y(level) ?? 0) + y.bandwidth() / 2} textAnchor="end" dominantBaseline="central" fontSize={11}>
            {level}
          </text>
        ))}
        <text x={(MARGIN.left + SIZE - MARGIN.right) / 2} y={SIZE - 6} textAnchor="middle" fontSize={12}>
          Likelihood
        </text>
        <text transform={`translate(12 ${(MARGIN.top + SIZE - MARGIN.bottom) / 2}) rotate(-90)`} textAnchor="middle" fontSize={12}>
          Impact
        </text>
      </svg>
      <ChartTable
        caption="Open risks by impact and likelihood"
        headers={['Impact', ...LEVELS.map((level) => `Likelihood ${level}`)]}
        rows={[...LEVELS].reverse().map((impact) => [`Impact ${impact}`, ...LEVELS.map((likelihood) => cells.find((cell) => cell.likelihood === likelihood && cell.impact === impact)?.count ?? 0)])}
      />
    </Box>
  );
}
