/**
 * The API's paths, defined once and relative to /api/v1: the server registers them, the client,
 * the outbox and the tests call them. A path without parameters is its string; a path with
 * parameters is a function taking them in order, whose `pattern` is what the server registers:
 * `API.requisitions.detail(7)` is '/requisitions/requisitions/7/', `API.requisitions.detail.pattern`
 * is '/requisitions/requisitions/:id/'.
 */

// No imports: every screen, the sign-in page's included, loads this file, so it must not pull
// domain modules (and their zod schemas and decimals) into the first download.

/** The job statuses whose delivery notes have a list of their own (list/{status}/). */
export const DELIVERY_NOTE_JOB_STATUS_LISTS = ['in-process', 'handover-to-dispatch', 'ready-to-dispatch', 'dispatched'] as const;
export type DeliveryNoteJobStatusList = (typeof DELIVERY_NOTE_JOB_STATUS_LISTS)[number];

/** The live stream's path; its query is domain/live.ts's liveQuerySchema. */
export const LIVE_PATH = '/live/';

/** One value per `:name` segment of the pattern, in order. */
type ParamValues<P extends string> = P extends `${string}:${string}/${infer Rest}` ? [string | number, ...ParamValues<Rest>] : [];

export type ApiPath<P extends string> = ((...values: ParamValues<P>) => string) & { readonly pattern: P };

/** An outbox placeholder (`{{tempId:-3}}`) stays as it is: the replayer resolves it at send time. */
const PLACEHOLDER = /^\{\{[a-zA-Z]+:-?\d+\}\}$/;
const segment = (value: string | number) => (typeof value === 'number' || PLACEHOLDER.test(value) ? String(value) : encodeURIComponent(value));

export function apiPath<const P extends string>(pattern: P): ApiPath<P> {
  const fill = (...values: (string | number)[]) => {
    let at = 0;
    return pattern.replace(/:[a-zA-Z_]+/g, () => segment(values[at++]!));
  };
  return Object.assign(fill, { pattern }) as ApiPath<P>;
}

/** A collection and one of its rows: `base` + '/' and `base` + '/:id/'. */
function rows<const B extends string>(base: B) {
  return { list: `${base}/` as `${B}/`, detail: apiPath(`${base}/:id/` as `${B}/:id/`) };
}

const REQUISITION_REPORTS = [
  'cancelled_requisitions',
  'list_cancelled_requisitions',
  'list_closed_requisitions',
  'not_approved_rework_shortfall',
  'requisitions_without_issues_or_reservation',
  'list_stores_requisitions',
  'get_reserved_material_requisitions',
  'foreman_requested_non_consumables',
  'consumables_not_requested_by_foreman_designation',
  'filter_requisitions',
  'non_standard_requisitions',
  'requisitions_for_closed_job_orders',
  'get_redundant_reserved_materials',
  'rework_requisitions_value',
] as const;
export type RequisitionReport = (typeof REQUISITION_REPORTS)[number];

const byName = <const N extends string, V>(names: readonly N[], path: (name: N) => V) => Object.fromEntries(names.map((name) => [name, path(name)])) as Record<N, V>;

const jobOrders = '/joborders/joborders';
const deliveryNotes = '/deliverynotes/delivery_notes';
const deliveryChallans = '/deliverychallans/delivery_challans';
const stockTransactions = '/stocks/stocktransactions';
const stockAdjustments = '/stockadjustments/stock-adjustments';
const materials = '/materials/materials';
const salesOrders = '/salesorders/sales-orders';
const salesOrderItems = '/salesorders/sales-order-items';
const leads = '/leads/leads';
const quotations = '/quotations/quotations';
const estimations = '/estimations/estimations';
const estimationProducts = '/estimations/estimation-products';
const boqDrafts = '/estimations/boq-drafts';

export const API = {
  health: '/health/',
  auth: {
    create: '/auth/jwt/create/',
    refresh: '/auth/jwt/refresh/',
    verify: '/auth/jwt/verify/',
    blacklist: '/auth/jwt/blacklist/',
    me: '/auth/users/me/',
    register: '/auth/users/',
    /** Whether new registrations are open (the register screen asks before showing its form). */
    registration: '/auth/registration/',
    setPassword: '/auth/users/set_password/',
  },
  users: {
    ...rows('/users'),
    resetPassword: apiPath('/users/reset_password/:id/'),
    deactivate: apiPath('/users/deactivate/:id/'),
    activate: apiPath('/users/activate/:id/'),
    materialCreation: apiPath('/users/:id/permissions/material-creation/'),
    /** The sales executive dropdown (product-frame.md §3, §6). */
    salesExecutives: '/users/sales_executives/',
  },
  system: {
    modules: '/system/modules/',
    modulesDetailed: '/system/modules/detailed/',
    module: apiPath('/system/modules/:name/'),
    offline: '/system/offline/',
    adminOffline: '/admin/system/offline/',
    config: '/admin/system/config/',
    company: '/system/company/',
    adminCompany: '/admin/system/company/',
    blockUser: apiPath('/admin/users/:id/block/'),
    unblockUser: apiPath('/admin/users/:id/unblock/'),
  },
  /** The superuser's calls of product-frame.md §7 (issue 23). */
  admin: {
    health: '/admin/system/health/',
    ping: '/admin/system/ping/',
    performance: '/admin/system/performance/api/',
    errorRates: '/admin/system/errors/rates/',
    alerts: '/admin/system/alerts/',
    resolveAlert: apiPath('/admin/system/alerts/:id/resolve/'),
    securityMetrics: '/admin/security/metrics/',
    moduleStatistics: '/admin/modules/statistics/',
    audit: '/admin/audit/',
    activeSessions: '/admin/users/active-sessions/',
    terminateSession: apiPath('/admin/users/sessions/:id/terminate/'),
  },
  jobs: { list: '/admin/jobs/', retry: apiPath('/admin/jobs/:id/retry/') },
  mail: rows('/admin/mail'),
  dashboard: {
    landing: '/dashboard/landing/',
    production: '/dashboard/production/',
    foreman: '/dashboard/foreman/',
    metal: '/dashboard/metal/',
    acrylic: '/dashboard/acrylic/',
    purchases: '/dashboard/purchases/',
    /** sales-dash: a sales executive's own figures, everyone's and the team's rows for the others. */
    sales: '/dashboard/sales/',
    /** design-home (issue 21 §2). */
    design: '/dashboard/design/',
  },
  /** The sales reports of issue 18 §5 (domain/sales-dashboard.ts). */
  salesReports: {
    missedSrpOpportunities: '/reports/sales/missed_srp_opportunities/',
    analysis: '/reports/sales/sales_analysis/',
  },
  materials: {
    ...rows(materials),
    setDeleted: apiPath(`${materials}/:id/set_deleted/`),
    checkDuplicate: `${materials}/check_duplicate/`,
    reserve: `${materials}/reserve_material/`,
  },
  materialNames: rows('/materials/material-names'),
  materialCategories: { ...rows('/materials/material-categories'), setDeleted: apiPath('/materials/material-categories/:id/set_deleted/') },
  materialSubcategories: { ...rows('/materials/material-subcategories'), setDeleted: apiPath('/materials/material-subcategories/:id/set_deleted/') },
  materialReports: {
    filterMaterials: `${materials}/filter_materials/`,
    exportToExcel: `${materials}/export_to_excel/`,
    issueReport: `${materials}/issue_report/`,
    issuedToday: `${materials}/issued_today/`,
    consumptionReport: `${materials}/consumption_report/`,
    logReport: `${materials}/log_report/`,
    movementReport: `${materials}/movement_report/`,
    reorder: `${materials}/reorder/`,
    ageing: `${materials}/ageing/`,
    priceVariance: apiPath(`${materials}/:id/price-variance-report/`),
    jobOrderConsumption: apiPath('/stores/joborder/:id/material-consumption/'),
  },
  vendors: {
    ...rows('/vendors/vendors'),
    topVendors: '/vendors/vendors/top_vendors/',
    openLpos: '/vendors/vendors/open_lpos/',
    gras: '/vendors/vendors/gras/',
    priceHistory: '/vendors/vendors/price_history/',
    vendorWise: '/vendors/vendors/vendor_wise/',
  },
  /** Design and estimation (issue 21, business-areas.md §7 "Estimations"). */
  estimations: {
    ...rows(estimations),
    cancelled: `${estimations}/cancelled_estimations/`,
    filter: `${estimations}/filter_estimations/`,
    submit: apiPath(`${estimations}/:id/submit/`),
    approve: apiPath(`${estimations}/:id/approve/`),
    reject: apiPath(`${estimations}/:id/reject/`),
    /** The hand-over: an approved estimation becomes a draft quotation at unit price + margin. */
    quotation: apiPath(`${estimations}/:id/quotation/`),
    versions: apiPath(`${estimations}/:id/versions/`),
  },
  estimationProducts: {
    ...rows(estimationProducts),
    details: apiPath(`${estimationProducts}/:id/details/`),
    totalCost: apiPath(`${estimationProducts}/:id/total-cost/`),
    costBreakdown: apiPath(`${estimationProducts}/:id/cost-breakdown/`),
    materialCount: apiPath(`${estimationProducts}/:id/material-count/`),
    detailsWithCostUpdate: apiPath(`${estimationProducts}/:id/details-with-cost-update/`),
    bulkUpdateCosts: `${estimationProducts}/bulk-update-costs/`,
  },
  estimationProductDetails: rows('/estimations/estimation-product-details'),
  /** Bill-of-quantities drafts of a product (list: `?product=`); apply: "Use these sizes" (decision 363). */
  boqDrafts: {
    ...rows(boqDrafts),
    apply: apiPath(`${boqDrafts}/:id/apply/`),
  },
  estimationMaterialCategories: rows('/estimationmaterials/estimation_material_categories'),
  estimationMaterials: rows('/estimationmaterials/estimation_materials'),
  customers: {
    ...rows('/customers/customers'),
    exists: apiPath('/customers/exists/:name/'),
    add: '/customers/add/',
  },
  customerBranches: {
    list: '/customers/branches/',
    add: '/customers/branch/add/',
    edit: apiPath('/customers/branches/edit/:id/'),
    ofCustomer: apiPath('/customers/branches/list/:customer/'),
  },
  customerLpoCodes: {
    list: '/customers/lpo-codes/',
    ofCustomer: apiPath('/customers/lpocodes/:customer/'),
    edit: apiPath('/customers/lpocodes/edit/:id/'),
    withBranches: apiPath('/customers/lpocodes/list/:customer/'),
  },
  leads: {
    ...rows(leads),
    update: apiPath(`${leads}/:id/update/`),
    setDeleted: apiPath(`${leads}/:id/set_deleted/`),
    convert: apiPath(`${leads}/:id/convert/`),
    salesExecLeads: `${leads}/sales_exec_leads/`,
    filter: `${leads}/filter_leads/`,
    reassign: `${leads}/reassign_leads/`,
    exists: apiPath('/leads/exists/:contact_number/:company/'),
    /** The remarks of one lead (`?lead_id=`), and where a remark is written. */
    remarks: '/leads/remarks/',
    /** Every remark on the leads a user sees, for the offline mirror. */
    remarkRows: '/leads/lead_remarks/',
    reports: {
      requirementSummary: '/leads/requirement_summary/',
      requirementsBreakup: `${leads}/requirements_based_leads_breakup/`,
      statusConsolidated: `${leads}/lead_status_consolidated_report/`,
      stagewise: `${leads}/stagewise_report/`,
      quality: `${leads}/sr_lead_quality_report/`,
      converted: `${leads}/converted_lead_report/`,
      successRatio: `${leads}/lead_success_ratio_report/`,
      conversionStats: `${leads}/conversion_stats/`,
    },
  },
  stockTransactions: {
    ...rows(stockTransactions),
    requisitionReceipts: apiPath(`${stockTransactions}/req/receipts/:id/`),
    requisitionLedger: apiPath(`${stockTransactions}/req/all/:id/`),
    requisitionMaterials: apiPath(`${stockTransactions}/req/material/:id/`),
    inTransit: `${stockTransactions}/list_materials_in_transit/`,
    updateStatus: apiPath(`${stockTransactions}/:id/update-status/`),
    materialMovement: `${stockTransactions}/material-movement/`,
    filter: `${stockTransactions}/filter_transactions/`,
  },
  stock: {
    value: '/stocks/stock-value/',
    valueOf: apiPath('/stocks/stock-value/:id/'),
    settings: '/stocks/settings/',
  },
  stockAdjustments: {
    ...rows(stockAdjustments),
    approve: apiPath(`${stockAdjustments}/:id/approve/`),
    reject: apiPath(`${stockAdjustments}/:id/reject/`),
  },
  requisitions: {
    ...rows('/requisitions/requisitions'),
    inTransit: apiPath('/requisitions/requisitions/:id/in_transit_transactions/'),
    approve: apiPath('/requisitions/:id/approve_requisition/'),
    close: apiPath('/requisitions/:id/close/'),
    checkRepeatRequest: '/requisitions/check_req_for_material_against_job_order_exists/',
    reports: byName(REQUISITION_REPORTS, (name) => `/requisitions/${name}/`),
  },
  requisitionDetails: {
    ...rows('/requisitions/requisition_details'),
    checkDuplicateMaterial: '/requisitions/requisition_details/check_duplicate_material/',
  },
  jobOrders: {
    ...rows(jobOrders),
    live: `${jobOrders}/list/`,
    filter: `${jobOrders}/filter/`,
    cancelled: `${jobOrders}/list/cancelled/`,
    closed: `${jobOrders}/closed/`,
    ofCustomer: apiPath(`${jobOrders}/customer/:id/`),
    exists: `${jobOrders}/exists/`,
    validate: apiPath(`${jobOrders}/validate_job_order/:id/`),
    hasActiveRequisitions: apiPath(`${jobOrders}/has-active-requisitions/:id/`),
    materialConsumption: apiPath(`${jobOrders}/material-consumption/:id/`),
    create: `${jobOrders}/create/`,
    updateMain: apiPath(`${jobOrders}/update/main/:id/`),
    updateStatus: apiPath(`${jobOrders}/update/status/:id/`),
    updateBucket: apiPath(`${jobOrders}/update/bucket/:id/`),
    cancel: apiPath(`${jobOrders}/cancel/:id/`),
    close: apiPath(`${jobOrders}/close/:id/`),
    invoiceDetails: apiPath(`${jobOrders}/update/main/invoice-details/:id/`),
    advanceAmount: apiPath(`${jobOrders}/advance-amount/:id/`),
    addProduct: apiPath(`${jobOrders}/add/product/:id/`),
    updateProduct: apiPath(`${jobOrders}/update/product/:id/`),
    deleteProduct: apiPath(`${jobOrders}/job_order_items/delete/:id/`),
    valuationBySalesExecutive: `${jobOrders}/valuation/sales_executive_wise/`,
    statusWiseDetailed: `${jobOrders}/statuswise/detailed/`,
    statusWiseAgeing: `${jobOrders}/statuswise/ageing/`,
    profitability: `${jobOrders}/profitability/`,
    profitabilityOf: apiPath(`${jobOrders}/profitability/:id/`),
    pdf: apiPath(`${jobOrders}/:id/pdf/`),
  },
  jobOrderExpenses: {
    ...rows(`${jobOrders}/expenses`),
    summary: `${jobOrders}/expenses/summary/`,
    ofJobOrder: apiPath(`${jobOrders}/:id/expenses/`),
    approve: apiPath(`${jobOrders}/expenses/:id/approve/`),
  },
  deliveryNotes: {
    validate: `${deliveryNotes}/validate-delivery-note-constraints/`,
    create: `${deliveryNotes}/create/`,
    list: `${deliveryNotes}/list/`,
    byJobStatus: byName(DELIVERY_NOTE_JOB_STATUS_LISTS, (status) => `${deliveryNotes}/list/${status}/`),
    jobOrderItems: `${deliveryNotes}/job_order_items/`,
    detail: apiPath(`${deliveryNotes}/:id/`),
    update: apiPath(`${deliveryNotes}/update/:id/`),
    approval: apiPath(`${deliveryNotes}/:id/approval/`),
    readyToDispatch: apiPath(`${deliveryNotes}/:id/ready-to-dispatch/`),
    deleteItem: apiPath(`${deliveryNotes}/:id/delete/item/`),
    delete: apiPath(`${deliveryNotes}/delete/:id/`),
    itemQuantity: apiPath(`${deliveryNotes}/item/qty/update/:itemId/`),
    pdf: apiPath(`${deliveryNotes}/:id/pdf/`),
  },
  deliveryChallans: {
    ...rows(deliveryChallans),
    cancelled: `${deliveryChallans}/cancelled_dnotes/`,
    filter: `${deliveryChallans}/filter_dnotes/`,
  },
  deliveryChallanDetails: rows('/deliverychallans/delivery_challan_details'),
  dispatches: { ...rows('/dispatches/dispatches'), dashboard: '/dispatches/dashboard/' },
  gras: {
    ...rows('/gra/gras'),
    filter: '/gra/gras/filter_gras/',
    cancelled: '/gra/cancelled_gras/',
    pdf: apiPath('/gra/gras/:id/pdf/'),
  },
  graItems: rows('/gra/gra_items'),
  lpos: {
    ...rows('/lpo/lpos'),
    filter: '/lpo/lpos/filter_lpos/',
    cancelled: '/lpo/cancelled_lpos/',
    pendingReceipt: '/lpo/pending_receipt/',
    consolidated: '/lpo/consolidated/',
    approve: apiPath('/lpo/lpos/:id/approve/'),
    send: apiPath('/lpo/lpos/:id/send/'),
    close: apiPath('/lpo/lpos/:id/close/'),
    pdf: apiPath('/lpo/lpos/:id/pdf/'),
    settings: '/lpo/settings/',
    fromReorder: '/lpo/proposals/reorder/',
    fromRequisition: apiPath('/lpo/proposals/requisition/:id/'),
  },
  /** The LPOs' lines, for the device (GRAs are received against them offline), and one line's changes. */
  lpoItems: { list: '/lpo/lpo_items/', detail: apiPath('/lpo/item-details/:id/') },
  deviceOutbox: '/device-outbox/',
  files: {
    ofOwner: apiPath('/files/:owner_type/:owner_id/'),
    content: apiPath('/files/:id/content/'),
    detail: apiPath('/files/:id/'),
  },
  live: LIVE_PATH,
  /** Messaging (decision 380): conversations by key (domain/message.ts), a user's messages of the last 30 days (the device's mirror, and where a new one is posted). */
  messaging: {
    conversations: '/messaging/conversations/',
    messages: apiPath('/messaging/conversations/:conversation/messages/'),
    read: apiPath('/messaging/conversations/:conversation/read/'),
    mine: '/messaging/messages/',
    unread: '/messaging/unread/',
  },
  salesOrders: {
    ...rows(salesOrders),
    createFromQuotation: `${salesOrders}/create-from-quotation/`,
    updateStatus: apiPath(`${salesOrders}/:id/update-status/`),
    jobOrders: apiPath(`${salesOrders}/:id/job_orders/`),
    receipts: apiPath(`${salesOrders}/:id/receipts/`),
    jobOrderDraft: apiPath(`${salesOrders}/:id/job-order-draft/`),
    dashboardStats: `${salesOrders}/dashboard_stats/`,
    /** The sales order reports of the reports area (domain/sales-order-report.ts). */
    reports: {
      status: '/salesorders/reports/status/',
      customers: '/salesorders/reports/customers/',
      analysis: '/salesorders/reports/analysis/',
      pendingAdvance: '/salesorders/reports/pending_advance/',
      overdue: '/salesorders/reports/overdue/',
      profitability: '/salesorders/reports/profitability/',
      orders: '/salesorders/reports/orders/',
    },
    export: `${salesOrders}/export/`,
    pdf: apiPath(`${salesOrders}/:id/pdf/`),
  },
  salesOrderItems: { ...rows(salesOrderItems), jobOrders: apiPath(`${salesOrderItems}/:id/job_orders/`) },
  salesOrderStatusHistory: { list: '/salesorders/sales-order-status-history/' },
  quotations: {
    ...rows(quotations),
    version: apiPath(`${quotations}/:id/version/:revision/`),
    compare: apiPath(`${quotations}/:id/compare/`),
    send: apiPath(`${quotations}/:id/send/`),
    status: apiPath(`${quotations}/:id/status/`),
    filter: `${quotations}/filter_quotations/`,
    deleted: `${quotations}/deleted_list/`,
    pdf: apiPath(`${quotations}/pdf/:id/`),
    printPdf: apiPath(`${quotations}/:id/print_pdf/`),
    monarchEntities: '/system/monarch-entities/',
    adminMonarchEntities: '/admin/system/monarch-entities/',
  },
  quotationItems: rows(`${quotations}/quote_items`),
  /** Invoices (business-areas.md §7 "Invoices"): the invoice router's actions and its sibling resources. */
  invoices: {
    ...rows('/invoices'),
    approve: apiPath('/invoices/:id/approve/'),
    cancel: apiPath('/invoices/:id/cancel/'),
    void: apiPath('/invoices/:id/void/'),
    updateStatus: apiPath('/invoices/:id/update_status/'),
    statusHistory: '/invoices/status-history/',
    items: rows('/invoices/items'),
    taxConfigurations: rows('/invoices/tax-configurations'),
    templates: rows('/invoices/templates'),
    currentRates: '/invoices/current_rates/',
    calculateTax: '/invoices/calculate_tax/',
    settings: '/invoices/settings/',
    markPaid: apiPath('/invoices/:id/mark_paid/'),
    send: apiPath('/invoices/:id/send/'),
    sendEmail: apiPath('/invoices/:id/send_email/'),
    sendReminder: apiPath('/invoices/:id/send_reminder/'),
    pdf: apiPath('/invoices/:id/generate_pdf/'),
    agingReport: '/invoices/aging_report/',
    /** The invoice reports of the reports area (domain/invoice-report.ts). */
    reports: {
      revenue: '/invoices/reports/revenue/',
      payments: '/invoices/reports/payments/',
      tax: '/invoices/reports/tax/',
      customerBilling: '/invoices/reports/customer_billing/',
      agingInvoices: '/invoices/reports/aging_invoices/',
      revenueInvoices: '/invoices/reports/revenue_invoices/',
      paymentReceipts: '/invoices/reports/payment_receipts/',
    },
    overdue: '/invoices/overdue_invoices/',
    dashboardSummary: '/invoices/dashboard_summary/',
    createFromJobOrder: '/invoices/create_from_job_order/',
    createFromSalesOrder: '/invoices/create_from_sales_order/',
    invoiceableJobOrders: '/invoices/invoiceable_job_orders/',
    invoiceableSalesOrders: '/invoices/invoiceable_sales_orders/',
    bulkOperation: '/invoices/bulk_operation/',
    bulkApprove: '/invoices/bulk_approve/',
    bulkSend: '/invoices/bulk_send/',
    bulkCancel: '/invoices/bulk_cancel/',
    bulkPdf: '/invoices/bulk_generate_pdf/',
    export: '/invoices/export/',
    search: '/invoices/search/',
    validate: '/invoices/validate/',
    preview: '/invoices/preview/',
    paymentSchedules: rows('/invoices/payment-schedules'),
    paymentScheduleMarkPaid: apiPath('/invoices/payment-schedules/:id/mark_paid/'),
    createRecurring: apiPath('/invoices/:id/create_recurring/'),
    recurring: '/invoices/recurring/',
    recurringDetail: apiPath('/invoices/recurring/:id/'),
    duplicate: '/invoices/duplicate/',
    createFromTemplate: '/invoices/create_from_template/',
    quickCreate: '/invoices/quick_create/',
    /** Corrections of issued invoices (decision 330), each approved by another user. */
    creditNotes: { ...rows('/invoices/credit-notes'), approve: apiPath('/invoices/credit-notes/:id/approve/'), einvoice: apiPath('/invoices/credit-notes/:id/einvoice/') },
    /** The GST e-invoice (INV-01, schema 1.1) of an approved B2B invoice (decision 331). */
    einvoice: apiPath('/invoices/:id/einvoice/'),
    /** Files attached to invoices, kept by the files module (decision 332). */
    attachments: rows('/invoices/attachments'),
  },
  /** Receipts (the spec leaves their calls unsaid; issue 20 §2): money received, allocated to invoices or kept as an advance. */
  receipts: { ...rows('/receipts'), allocate: apiPath('/receipts/:id/allocate/') },
} as const;
