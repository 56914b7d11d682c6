import { FormattedMessage } from 'react-intl';
import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { cn } from '../../lib/cn';
import type { NavItem } from '../../components/nav-icon';
import { NavIcon } from '../../components/nav-icon';

/** Width of the fade at an edge (w-12): a link under it counts as hidden. */
const FADE_PX = 48;

interface Edges {
  /** There is more to scroll to on that side. */
  start: boolean;
  end: boolean;
  /** A link with a badge (unread messages) is hidden on that side. */
  startBadge: boolean;
  endBadge: boolean;
}

const NO_EDGES: Edges = { start: false, end: false, startBadge: false, endBadge: false };

function sameEdges(a: Edges, b: Edges) {
  return a.start === b.start && a.end === b.end && a.startBadge === b.startBadge && a.endBadge === b.endBadge;
}

function measureEdges(scroller: HTMLElement): Edges {
  const room = scroller.scrollWidth - scroller.clientWidth;
  if (room <= 1) return NO_EDGES;
  const box = scroller.getBoundingClientRect();
  const badges = [...scroller.querySelectorAll('[data-nav-badge] > *')].map((b) => b.getBoundingClientRect());
  return {
    start: scroller.scrollLeft > 1,
    end: scroller.scrollLeft < room - 1,
    startBadge: badges.some((b) => b.left < box.left + FADE_PX),
    endBadge: badges.some((b) => b.right > box.right - FADE_PX),
  };
}

/**
 * Which edges of a sideways-scrolling bar hide links, kept current as it scrolls, resizes (shown from md:hidden,
 * turned) and changes (a badge comes or goes).
 */
function useHiddenEdges(scrollerRef: RefObject<HTMLElement | null>, enabled: boolean): Edges {
  const [edges, setEdges] = useState(NO_EDGES);
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!enabled || !scroller) return;
    const update = () => {
      const next = measureEdges(scroller);
      setEdges((previous) => (sameEdges(previous, next) ? previous : next));
    };
    update();
    scroller.addEventListener('scroll', update, { passive: true });
    const resized = new ResizeObserver(update);
    resized.observe(scroller);
    if (scroller.firstElementChild) resized.observe(scroller.firstElementChild);
    const changed = new MutationObserver(update);
    changed.observe(scroller, { childList: true, subtree: true });
    return () => {
      scroller.removeEventListener('scroll', update);
      resized.disconnect();
      changed.disconnect();
    };
  }, [scrollerRef, enabled]);
  return edges;
}

/** Brings the current page's link into view (centred) when it is hidden or under a fade, on load and on navigation. */
function useCurrentLinkInView(scrollerRef: RefObject<HTMLElement | null>, enabled: boolean) {
  const { pathname } = useLocation();
  const firstRun = useRef(true);
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    const link = scroller?.querySelector<HTMLElement>('a[aria-current="page"]');
    const instant = firstRun.current || window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    firstRun.current = false;
    if (!enabled || !scroller || !link || scroller.clientWidth === 0) return;
    const box = scroller.getBoundingClientRect();
    const at = link.getBoundingClientRect();
    if (at.left >= box.left + FADE_PX && at.right <= box.right - FADE_PX) return;
    const offset = at.left + at.width / 2 - (box.left + box.width / 2);
    scroller.scrollTo({ left: scroller.scrollLeft + offset, behavior: instant ? 'instant' : 'smooth' });
  }, [scrollerRef, enabled, pathname]);
}

function Chevron({ side }: { side: 'start' | 'end' }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={side === 'end' ? 'm9 6 6 6-6 6' : 'm15 6-6 6 6 6'} />
    </svg>
  );
}

/**
 * The fade at an edge where links are hidden, with a chevron (and a red dot when a hidden link carries a badge).
 * Decoration only: the links stay real links under it, and taps pass through.
 */
function EdgeFade({ side, shown, badge }: { side: 'start' | 'end'; shown: boolean; badge: boolean }) {
  return (
    <div
      aria-hidden="true"
      data-fade={side}
      data-shown={shown}
      className={cn(
        'pointer-events-none absolute inset-y-0 flex w-12 items-center text-stone-500 transition-opacity duration-150',
        side === 'end'
          ? 'right-0 justify-end bg-linear-to-l from-white from-40% to-transparent pr-0.5'
          : 'left-0 justify-start bg-linear-to-r from-white from-40% to-transparent pl-0.5',
        shown ? 'opacity-100' : 'opacity-0',
      )}
    >
      <span className="relative">
        <Chevron side={side} />
        {badge && <span className="absolute -top-1.5 right-0 h-2 w-2 rounded-full bg-red-600" />}
      </span>
    </div>
  );
}

/** The phone navigation bar of the customer and admin layouts. */
export function BottomNav({
  label,
  items,
  homePath,
  scrollable,
  badges,
}: {
  label: string;
  items: NavItem[];
  homePath: string;
  /** More links than fit a phone: the bar scrolls sideways, fades where links are hidden, keeps the current one in view. */
  scrollable?: boolean;
  /** Shown on an item's icon, by its path (e.g. the cart count). */
  badges?: Partial<Record<string, ReactNode>>;
}) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const edges = useHiddenEdges(scrollerRef, Boolean(scrollable));
  useCurrentLinkInView(scrollerRef, Boolean(scrollable));
  return (
    <nav aria-label={label} className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white md:hidden">
      <div ref={scrollerRef} className={cn(scrollable && 'overflow-x-auto overscroll-x-contain')}>
        <ul className={cn('flex', scrollable ? 'min-w-max' : 'justify-around')}>
          {items.map((item) => (
            <li key={item.to} className={scrollable ? undefined : 'flex-1'}>
              <NavLink
                to={item.to}
                end={item.to === homePath}
                className={({ isActive }) =>
                  cn(
                    'flex flex-col items-center gap-0.5 py-2 text-xs font-medium',
                    scrollable && 'w-20',
                    isActive ? 'text-brand-700' : 'text-stone-600',
                  )
                }
              >
                <span className="relative">
                  <NavIcon name={item.icon} />
                  {badges?.[item.to] && <span data-nav-badge>{badges[item.to]}</span>}
                </span>
                <FormattedMessage id={item.label} />
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
      {scrollable && (
        <>
          <EdgeFade side="start" shown={edges.start} badge={edges.start && edges.startBadge} />
          <EdgeFade side="end" shown={edges.end} badge={edges.end && edges.endBadge} />
        </>
      )}
    </nav>
  );
}
