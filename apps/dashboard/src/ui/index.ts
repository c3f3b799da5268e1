/** The dashboard's UI kit: import from "../../ui/index.js" in screens. */
export { Button, IconButton, type ButtonProps, type IconButtonProps } from "./Button.js";
export { TextField, Select, Checkbox, FormError } from "./Field.js";
export { Dialog, ConfirmDialogHost, confirmAction, type ConfirmOptions } from "./Dialog.js";
export { toast, Toaster, type ToastKind } from "./Toasts.js";
export { ListState } from "./ListState.js";
export { Pagination } from "./Pagination.js";
export { PageHeader } from "./PageHeader.js";
export { Tabs, LinkTabs, tabPanelProps, type TabItem } from "./Tabs.js";
export { Menu, MenuItem, Popover, Tooltip } from "./Floating.js";
export * from "./icons.js";
