import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { USER_ADMIN_MESSAGES } from '../../../domain/auth';
import { DEPARTMENTS, DESIGNATIONS } from '../../../domain/departments';
import { departmentSchema, designationSchema } from '../../../domain/user';
import { useSession } from '../../data/session';
import { SelectField } from '../../ui/form';

/** The department and designation an account works under, as a form asks them: both required, so an account never signs in without a role. */
export const roleFormFields = {
  department: z.union([z.literal(''), departmentSchema]).refine((v) => v !== '', USER_ADMIN_MESSAGES.departmentRequired),
  designation: z.union([z.literal(''), designationSchema]).refine((v) => v !== '', USER_ADMIN_MESSAGES.designationRequired),
};

/**
 * The department and designation dropdowns of activating and creating an account. Only
 * superusers are offered the Admin department (the server refuses it to others), unless the
 * account is in it already.
 */
export function RoleFields({
  registration,
  errors,
  current = null,
}: {
  registration: { department: UseFormRegisterReturn; designation: UseFormRegisterReturn };
  errors: { department?: FieldError | undefined; designation?: FieldError | undefined };
  current?: string | null;
}) {
  const { user: me } = useSession();
  const departments = me?.is_superuser ? DEPARTMENTS : DEPARTMENTS.filter((d) => d.value !== 'admin' || current === 'admin');
  return (
    <>
      <SelectField label="Department" required options={departments} registration={registration.department} error={errors.department} />
      <SelectField label="Designation" required options={DESIGNATIONS} registration={registration.designation} error={errors.designation} />
    </>
  );
}
