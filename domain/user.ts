import { z } from 'zod';
import { DEPARTMENT_VALUES, DESIGNATION_VALUES } from './departments';

export const DEPARTMENT_REQUIRED = 'Choose a department.';
export const departmentSchema = z.enum(DEPARTMENT_VALUES, { error: (issue) => (issue.input === '' || issue.input === undefined ? DEPARTMENT_REQUIRED : undefined) });
export const designationSchema = z.enum(DESIGNATION_VALUES);

/** The User entity of product-frame.md §3, as the API returns it. */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  department: departmentSchema.nullable(),
  designation: designationSchema.nullable(),
  is_active: z.boolean(),
  is_superuser: z.boolean(),
  can_create_materials: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** What a user who is not an admin reads of other accounts: who they are and where they work (issue 14). */
export const USER_SUMMARY_FIELDS = ['id', 'username', 'first_name', 'last_name', 'department', 'designation', 'is_active'] as const;
/**
 * A user as the user list and detail answer it: the account's internals only to admins, and to
 * them in the list why a superuser blocked it (null when not blocked; a blocked account is not
 * active, and activating it does not unblock it).
 */
export const userListItemSchema = userSchema.partial({ email: true, is_superuser: true, can_create_materials: true }).extend({ blocked_reason: z.string().nullable().optional() });
export type UserListItem = z.infer<typeof userListItemSchema>;

/** Only what roles and landing rules read, so they work on any user-like value. */
export type UserRole = Pick<User, 'department' | 'designation' | 'is_superuser'>;

export const usernameSchema = z
  .string()
  .trim()
  .min(1, 'This field may not be blank.')
  .max(150, 'Ensure this field has no more than 150 characters.')
  .regex(/^[\w.@+-]+$/, 'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.');

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORDS_DO_NOT_MATCH = "The two password fields didn't match.";

/** Password rules in the spirit of Django's validators: long enough, not all digits. */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `This password is too short. It must contain at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(128, 'Ensure this field has no more than 128 characters.')
  .refine((p) => !/^\d+$/.test(p), 'This password is entirely numeric.');

const nameSchema = z.string().trim().max(150, 'Ensure this field has no more than 150 characters.');

/**
 * Self-registration (POST /auth/users/). It carries no department, designation or any other
 * right: the account starts inactive with none, and the admin who activates it assigns them.
 */
const registrationFields = z.object({
  username: usernameSchema,
  password: passwordSchema,
  re_password: z.string(),
  first_name: nameSchema.default(''),
  last_name: nameSchema.default(''),
  email: z.union([z.literal(''), z.email('Enter a valid email address.')]).default(''),
});
const passwordsMatch = (r: { password: string; re_password: string }) => r.password === r.re_password;
/** The API answers a mismatch as djoser does, in `non_field_errors`. */
export const registrationSchema = registrationFields.refine(passwordsMatch, { message: PASSWORDS_DO_NOT_MATCH, path: ['non_field_errors'] });
/** GET /auth/registration/: whether the register screen may take a request (the system configuration's switch). */
export const registrationStatusSchema = z.object({ open: z.boolean() });
export type Registration = z.infer<typeof registrationSchema>;
/**
 * A form asking for a new account (with `extra` fields beside the registration's): a repeated
 * password that does not match is flagged at the repeat box, where it is typed.
 */
export const accountFormSchema = <E extends z.ZodRawShape>(extra: E) =>
  // The extra fields hide the registration's from the checker's view of the row; they are still there.
  registrationFields.extend(extra).refine((r) => passwordsMatch(r as unknown as Registration), { message: PASSWORDS_DO_NOT_MATCH, path: ['re_password'] });
export const registrationFormSchema = accountFormSchema({});

/**
 * POST /users/: an account an admin creates, active at once: the registration's fields and the
 * department and designation activation assigns (Admin only by a superuser, as activation).
 */
export const userCreateSchema = registrationFields
  .extend({ department: departmentSchema, designation: designationSchema })
  .refine(passwordsMatch, { message: PASSWORDS_DO_NOT_MATCH, path: ['non_field_errors'] });
export type UserCreate = z.infer<typeof userCreateSchema>;

/** POST /auth/users/set_password/ */
export const setPasswordSchema = z
  .object({
    current_password: z.string().min(1, 'This field may not be blank.'),
    new_password: passwordSchema,
    re_new_password: z.string(),
  })
  .refine((r) => r.new_password === r.re_new_password, { message: PASSWORDS_DO_NOT_MATCH, path: ['non_field_errors'] });

/** POST /users/activate/{id}/: the department and designation the account works under (required where it has none). */
export const activationSchema = z.object({ department: departmentSchema.optional(), designation: designationSchema.optional() });
export type Activation = z.infer<typeof activationSchema>;

/** POST /users/reset_password/{id}/ */
export const resetPasswordSchema = z.object({ new_password: passwordSchema });

export function displayName(user: Pick<User, 'first_name' | 'last_name' | 'username'>): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.username;
}
