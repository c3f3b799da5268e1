export { EMAIL_MAX_LENGTH, EmailRule, EmailSchema, checkEmail, isEmail } from "./email.js";
