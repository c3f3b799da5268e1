export { OptionalPhoneSchema, PHONE_MESSAGE, PhoneRule, checkPhone, isPhone } from "./phone.js";
