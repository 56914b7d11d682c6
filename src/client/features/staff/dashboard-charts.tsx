import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { ParentSize } from '@visx/responsive';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { FormattedMessage, useIntl } from 'react-intl';
import { useCurrency } from '../../lib/session';
import { dayLabelOf } from '../../lib/zoned-time';
import type { DashboardData } from './staff-api';

const HEIGHT = 220;
const margin = { top: 12, right: 8, bottom: 28, left: 48 };

function BarChart({
  title,
  data,
  value,
  formatValue,
  color,
}: {
  title: string;
  data: DashboardData['series'];
  value: (d: DashboardData['series'][number]) => number;
  formatValue: (n: number) => string;
  color: string;
}) {
  const intl = useIntl();
  const total = formatValue(data.reduce((sum, d) => sum + value(d), 0));
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="flex items-baseline justify-between gap-2">
        <span className="font-semibold text-stone-900">{title}</span>
        <span className="text-sm text-stone-600">
          <FormattedMessage id="staff.chartTotal" values={{ total }} />
        </span>
      </figcaption>
      <div
        className="w-full"
        style={{ height: HEIGHT }}
        role="img"
        aria-label={intl.formatMessage({ id: 'staff.chartLabel' }, { title, total })}
      >
        <ParentSize>
          {({ width }) => {
            if (width < 10) return null;
            const innerWidth = width - margin.left - margin.right;
            const innerHeight = HEIGHT - margin.top - margin.bottom;
            const x = scaleBand({ domain: data.map((d) => d.date), range: [0, innerWidth], padding: 0.2 });
            const y = scaleLinear({
              domain: [0, Math.max(1, ...data.map(value))],
              range: [innerHeight, 0],
              nice: true,
            });
            return (
              <svg width={width} height={HEIGHT} aria-hidden>
                <Group left={margin.left} top={margin.top}>
                  {data.map((d) => {
                    const h = innerHeight - (y(value(d)) ?? 0);
                    return (
                      <Bar
                        key={d.date}
                        x={x(d.date)}
                        y={innerHeight - h}
                        width={x.bandwidth()}
                        height={h}
                        fill={color}
                        rx={2}
                      />
                    );
                  })}
                  <AxisLeft
                    scale={y}
                    numTicks={4}
                    tickFormat={(n) => formatValue(Number(n))}
                    stroke="#a8a29e"
                    tickStroke="#a8a29e"
                    tickLabelProps={{ fill: '#57534e', fontSize: 10 }}
                  />
                  <AxisBottom
                    top={innerHeight}
                    scale={x}
                    tickValues={data.filter((_, i) => (data.length - 1 - i) % 7 === 0).map((d) => d.date)}
                    tickFormat={(d) => dayLabelOf(String(d), 'monthDay')}
                    stroke="#a8a29e"
                    tickStroke="#a8a29e"
                    tickLabelProps={{ fill: '#57534e', fontSize: 10 }}
                  />
                </Group>
              </svg>
            );
          }}
        </ParentSize>
      </div>
    </figure>
  );
}

/** The Analytics tab: 30 days of revenue and bookings (loaded only when the tab opens). */
export default function DashboardCharts({ series }: { series: DashboardData['series'] }) {
  const intl = useIntl();
  const currency = useCurrency();
  // Whole amounts on an axis: "$1,234" (English, USD), "1234 €" (Spanish, EUR).
  const wholeMoney = (n: number) =>
    intl.formatNumber(Math.round(n), {
      style: 'currency',
      currency,
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <BarChart
        title={intl.formatMessage({ id: 'staff.revenue' })}
        data={series}
        value={(d) => Number(d.revenue)}
        formatValue={wholeMoney}
        color="#0f766e"
      />
      <BarChart
        title={intl.formatMessage({ id: 'staff.bookings' })}
        data={series}
        value={(d) => d.bookings}
        formatValue={(n) => intl.formatNumber(Math.round(n))}
        color="#b45309"
      />
    </div>
  );
}
