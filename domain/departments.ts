import { valuesOf, type Option } from './options';

/** Departments, label -> value, exactly as product-frame.md §3 lists them. */
export const DEPARTMENTS = [
  { label: 'Accounts', value: 'accounts' },
  { label: 'Acrylic', value: 'acrylic' },
  { label: 'Design', value: 'design' },
  { label: 'Marketing', value: 'marketing' },
  { label: 'Fabrication', value: 'fabrication' },
  { label: 'Graphic', value: 'graphic' },
  { label: 'Admin', value: 'admin' },
  { label: 'Human Resources', value: 'human-resources' },
  { label: 'Management', value: 'management' },
  { label: 'Packing & Dispatch', value: 'packing-dispatch' },
  { label: 'Production', value: 'production' },
  { label: 'Purchase', value: 'purchase' },
  { label: 'Sales', value: 'sales' },
  { label: 'Stores', value: 'stores' },
  { label: 'Metal', value: 'metal' },
  { label: 'Glass', value: 'glass' },
  { label: 'Quality', value: 'quality' },
] as const satisfies readonly Option[];

export type Department = (typeof DEPARTMENTS)[number]['value'];
export const DEPARTMENT_VALUES = valuesOf(DEPARTMENTS);

/**
 * Departments that own routes without being a user department (product-frame.md §3:
 * "Roles by department also mention warehouse and communication").
 */
export type RouteDepartment = Department | 'warehouse' | 'communication';

/** Designations, label -> value, exactly as product-frame.md §3 lists them. */
export const DESIGNATIONS = [
  { label: 'Executive', value: 'executive' },
  { label: 'Supervisor - Packing & Dispatch', value: 'supervisor-packing-dispatch' },
  { label: 'Assistant Manager', value: 'assistant-manager' },
  { label: 'Manager', value: 'manager' },
  { label: 'Designer', value: 'designer' },
  { label: 'Interior Designer', value: 'interior-designer' },
  { label: 'Senior Interior Designer', value: 'senior-interior-designer' },
  { label: 'Costing Manager', value: 'costing-manager' },
  { label: 'Senior Executive', value: 'senior-executive' },
  { label: 'General Manager - Marketing & International Sales', value: 'general-manager-mrktng-intl-sales' },
  { label: 'Quality Check Supervisor', value: 'quality-check-supervisor' },
  { label: 'Co-ordinator', value: 'co-ordinator' },
  { label: 'Junior Executive', value: 'junior-executive' },
  { label: 'Representative', value: 'representative' },
  { label: 'Supervisor', value: 'supervisor' },
  { label: 'Planner', value: 'planner' },
  { label: 'Designer / Co-ordinator', value: 'designer-coordinator' },
  { label: 'Chief Executive Officer', value: 'CEO' },
  { label: 'Chief Operating Officer', value: 'COO' },
  { label: 'Chief Financial Officer', value: 'CFO' },
  { label: 'Executive Assistant / Admin Coordinator', value: 'exec-asst-admin-cord' },
  { label: 'Executive Assistant', value: 'executive-assistant' },
  { label: 'Foreman', value: 'foreman' },
  { label: 'Process Quality Manager', value: 'process-quality-manager' },
] as const satisfies readonly Option[];

export type Designation = (typeof DESIGNATIONS)[number]['value'];
export const DESIGNATION_VALUES = valuesOf(DESIGNATIONS);
