import type { Workshop, WorkshopDashboard } from '../../../domain/dashboard';
import type { RouteName } from '../../../domain/routes';
import { formatCount } from '../../../domain/rules/numbers';
import { formatIndian } from '../../../domain/decimal';
import { API } from '../../../domain/api-paths';

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
  /** The workshop's list of job orders, where a job order opens, and where a requisition for it is raised (route names). */
  jobsRoute: RouteName;
  jobDetailRoute: RouteName;
  requisitionCreateRoute: RouteName;
  /** production-home narrows to one production department. */
  departmentFilter?: boolean;
  /** Without the server, the foreman's tablet shows what it knows instead. */
  deviceFigures?: boolean;
}

/** The list screen each list's "View all" opens; a user who may not open it (its route's access) is offered no link. */
export const LIST_SCREENS: Readonly<Record<ListKey, (definition: DashboardDefinition) => RouteName>> = {
  inProcess: (d) => d.jobsRoute,
  ageing: (d) => d.jobsRoute,
  issuedToday: () => 'material-issued-today',
  lowStock: () => 'material-reorder',
};

/** By route name (docs/decisions.md 118-122). */
export const DASHBOARDS: Readonly<Record<string, DashboardDefinition>> = {
  'production-home': {
    workshop: 'production',
    title: 'Production',
    url: API.dashboard.production,
    tiles: ['inProcess', 'ageing', 'inStoresQueue', 'awaitingApproval', 'notesAwaitingApproval'],
    charts: ['status', 'weekly'],
    lists: ['ageing', 'lowStock'],
    jobsRoute: 'prod-jobs',
    jobDetailRoute: 'prod-joborder-detail',
    requisitionCreateRoute: 'requisition-create',
    departmentFilter: true,
  },
  'foreman-prod-dashboard': {
    workshop: 'foreman',
    title: 'Foreman dashboard',
    url: API.dashboard.foreman,
    tiles: ['openRequisitions', 'awaitingApproval', 'issuedToday', 'inProcess'],
    charts: [],
    lists: ['inProcess', 'issuedToday'],
    jobsRoute: 'prod-jobs',
    jobDetailRoute: 'prod-joborder-detail',
    requisitionCreateRoute: 'foreman-requisition-create',
    deviceFigures: true,
  },
  'metal-home': {
    workshop: 'metal',
    title: 'Metal workshop',
    url: API.dashboard.metal,
    tiles: ['inProcess', 'openRequisitions', 'awaitingApproval', 'issuedToday', 'lowStock'],
    charts: ['status'],
    lists: ['inProcess', 'lowStock'],
    jobsRoute: 'metal-jobs',
    jobDetailRoute: 'prod-joborder-detail',
    requisitionCreateRoute: 'metal-requisition-create',
  },
  'acrylic-trays-dashboard': {
    workshop: 'acrylic',
    title: 'Acrylic & trays',
    url: API.dashboard.acrylic,
    tiles: ['inProcess', 'openRequisitions', 'awaitingApproval', 'notesAwaitingApproval', 'lowStock'],
    charts: ['status', 'weekly'],
    lists: ['inProcess', 'ageing', 'lowStock'],
    jobsRoute: 'jobs-home',
    jobDetailRoute: 'acrylic-job-detail',
    requisitionCreateRoute: 'requisition-create',
  },
};
