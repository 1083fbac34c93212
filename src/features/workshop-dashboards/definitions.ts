import type { Workshop, WorkshopDashboard } from '../../../domain/dashboard';
import type { RouteName } from '../../../domain/routes';
import { formatCount, formatIndian } from '../../../domain/rules/numbers';

/** A big figure at the top of a dashboard: what it counts and the line under it. */
export interface Tile {
  label: string;
  value: (d: WorkshopDashboard) => string;
  help: (d: WorkshopDashboard) => string;
  /** Coloured when it asks for action (above zero). */
  alert?: (d: WorkshopDashboard) => boolean;
}

const pendingRequisitions = (d: WorkshopDashboard) => d.requisitions.by_state.reduce((n, s) => n + s.count, 0);

export const TILES = {
  inProcess: { label: 'Job orders in process', value: (d) => formatCount(d.in_process.count), help: (d) => `₹ ${formatIndian(d.in_process.value)} on the floor` },
  openRequisitions: {
    label: 'Open requisitions',
    value: (d) => formatCount(pendingRequisitions(d)),
    help: (d) => d.requisitions.by_state.map((s) => `${s.label}: ${formatCount(s.count)}`).join(' · '),
  },
  awaitingApproval: { label: 'Waiting for approval', value: (d) => formatCount(d.requisitions.awaiting_approval), help: () => 'Re-work and shortfall requisitions', alert: (d) => d.requisitions.awaiting_approval > 0 },
  inStoresQueue: { label: 'Waiting for stores', value: (d) => formatCount(d.requisitions.in_stores_queue), help: () => 'Requisitions stores may issue against now' },
  issuedToday: { label: 'Issued today', value: (d) => formatCount(d.issued_today.count), help: () => 'Material lines issued to the floor' },
  notesAwaitingApproval: {
    label: 'Delivery notes to approve',
    value: (d) => formatCount(d.delivery_notes_awaiting_approval),
    help: () => 'Drafts waiting for a supervisor',
    alert: (d) => d.delivery_notes_awaiting_approval > 0,
  },
  ageing: { label: 'Late job orders', value: (d) => formatCount(d.ageing.count), help: () => 'Open 30 days or more, not dispatched', alert: (d) => d.ageing.count > 0 },
  lowStock: { label: 'Materials low on stock', value: (d) => formatCount(d.low_stock.count), help: () => 'At or below reorder level', alert: (d) => d.low_stock.count > 0 },
} satisfies Record<string, Tile>;
export type TileKey = keyof typeof TILES;

export type ChartKey = 'status' | 'weekly';
export type ListKey = 'inProcess' | 'ageing' | 'issuedToday' | 'lowStock';

/** One workshop dashboard as data: what it loads, and which figures, charts and lists it shows, in order. */
export interface DashboardDefinition {
  workshop: Workshop;
  title: string;
  url: string;
  tiles: readonly TileKey[];
  charts: readonly ChartKey[];
  lists: readonly ListKey[];
  /** Where a job order opens, and where a requisition for it is raised (route names). */
  jobDetailRoute: RouteName;
  requisitionCreateRoute: RouteName;
  /** production-home narrows to one production department. */
  departmentFilter?: boolean;
  /** The foreman's tablet also shows what it knows without the server. */
  deviceFigures?: boolean;
}

/** By route name (docs/decisions.md 118-122). */
export const DASHBOARDS: Readonly<Record<string, DashboardDefinition>> = {
  'production-home': {
    workshop: 'production',
    title: 'Production',
    url: '/dashboard/production/',
    tiles: ['inProcess', 'ageing', 'inStoresQueue', 'awaitingApproval', 'notesAwaitingApproval'],
    charts: ['status', 'weekly'],
    lists: ['ageing', 'lowStock'],
    jobDetailRoute: 'prod-joborder-detail',
    requisitionCreateRoute: 'requisition-create',
    departmentFilter: true,
  },
  'foreman-prod-dashboard': {
    workshop: 'foreman',
    title: 'Foreman dashboard',
    url: '/dashboard/foreman/',
    tiles: ['openRequisitions', 'awaitingApproval', 'issuedToday', 'inProcess'],
    charts: [],
    lists: ['inProcess', 'issuedToday'],
    jobDetailRoute: 'prod-joborder-detail',
    requisitionCreateRoute: 'foreman-requisition-create',
    deviceFigures: true,
  },
  'metal-home': {
    workshop: 'metal',
    title: 'Metal workshop',
    url: '/dashboard/metal/',
    tiles: ['inProcess', 'openRequisitions', 'awaitingApproval', 'issuedToday', 'lowStock'],
    charts: ['status'],
    lists: ['inProcess', 'lowStock'],
    jobDetailRoute: 'prod-joborder-detail',
    requisitionCreateRoute: 'metal-requisition-create',
  },
  'acrylic-trays-dashboard': {
    workshop: 'acrylic',
    title: 'Acrylic & trays',
    url: '/dashboard/acrylic/',
    tiles: ['inProcess', 'openRequisitions', 'awaitingApproval', 'notesAwaitingApproval', 'lowStock'],
    charts: ['status', 'weekly'],
    lists: ['inProcess', 'ageing', 'lowStock'],
    jobDetailRoute: 'acrylic-job-detail',
    requisitionCreateRoute: 'requisition-create',
  },
};
