import { queryOptions, useQuery } from '@tanstack/react-query';
import { workshopDashboardSchema } from '../../../domain/dashboard';
import type { ProductionDepartment } from '../../../domain/job-order';
import { api } from '../../data/api';

/** One workshop dashboard (its definition's `url`), for one production department or all. */
export const getWorkshopFigures = async (url: string, department: ProductionDepartment | null) =>
  workshopDashboardSchema.parse((await api.get(url, { params: department ? { production_department: department } : undefined })).data);

export const workshopFiguresQuery = (url: string, department: ProductionDepartment | null) =>
  queryOptions({ queryKey: ['dashboard', url, department], queryFn: () => getWorkshopFigures(url, department) });

/** A workshop dashboard's figures, read again on every entry and when the department changes. */
export const useWorkshopFigures = (url: string, department: ProductionDepartment | null) => useQuery(workshopFiguresQuery(url, department));
