import {
  autoUpdate,
  flip,
  FloatingFocusManager,
  FloatingList,
  FloatingPortal,
  offset,
  shift,
  useClick,
  useDismiss,
  useFloating,
  useFocus,
  useHover,
  useInteractions,
  useListItem,
  useListNavigation,
  useRole,
  type Placement,
} from "@floating-ui/react";
import { cloneElement, createContext, useContext, useId, useRef, useState, type ReactElement, type ReactNode } from "react";

const middleware = [offset(6), flip(), shift({ padding: 8 })];

interface MenuContextValue {
  activeIndex: number | null;
  getItemProps: ReturnType<typeof useInteractions>["getItemProps"];
  close: () => void;
}
const MenuContext = createContext<MenuContextValue | null>(null);

/**
 * A menu button: `trigger` opens a list of {@link MenuItem}s; arrow keys move, Escape closes and
 * returns focus to the trigger.
 *
 * @example
 * <Menu trigger={<Button>Actions</Button>} label="Timeline actions">
 *   <MenuItem onSelect={copy}>Copy</MenuItem>
 *   <MenuItem onSelect={remove}>Delete</MenuItem>
 * </Menu>
 */
export function Menu({ trigger, label, children, placement = "bottom-end" }: { trigger: ReactElement; label: string; children: ReactNode; placement?: Placement }) {
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const elements = useRef<Array<HTMLElement | null>>([]);
  const { refs, floatingStyles, context } = useFloating({ open, onOpenChange: setOpen, placement, middleware, whileElementsMounted: autoUpdate });
  const { getReferenceProps, getFloatingProps, getItemProps } = useInteractions([
    useClick(context),
    useDismiss(context),
    useRole(context, { role: "menu" }),
    useListNavigation(context, { listRef: elements, activeIndex, onNavigate: setActiveIndex, loop: true }),
  ]);
  return (
    <>
      {cloneElement(trigger, getReferenceProps({ ref: refs.setReference, "aria-label": label } as Record<string, unknown>))}
      {open && (
        <FloatingPortal>
          <FloatingFocusManager context={context} modal={false} initialFocus={0}>
            <div ref={refs.setFloating} style={floatingStyles} className="floating menu" {...getFloatingProps()}>
              <MenuContext.Provider value={{ activeIndex, getItemProps, close: () => setOpen(false) }}>
                <FloatingList elementsRef={elements}>{children}</FloatingList>
              </MenuContext.Provider>
            </div>
          </FloatingFocusManager>
        </FloatingPortal>
      )}
    </>
  );
}

/** One entry of a {@link Menu}. @example <MenuItem onSelect={logout}>Log out</MenuItem> */
export function MenuItem({ children, onSelect }: { children: ReactNode; onSelect: () => void }) {
  const menu = useContext(MenuContext);
  const { ref, index } = useListItem();
  if (!menu) throw new Error("MenuItem must be inside a Menu");
  return (
    <button
      ref={ref}
      type="button"
      role="menuitem"
      className="menu-item"
      tabIndex={menu.activeIndex === index ? 0 : -1}
      {...menu.getItemProps({
        onClick: () => {
          menu.close();
          onSelect();
        },
      })}
    >
      {children}
    </button>
  );
}

/**
 * A click-opened popover with a labelled dialog role; Escape and outside clicks close it.
 *
 * @example
 * <Popover trigger={<Button>Share</Button>} label="Share link"><code>{url}</code></Popover>
 */
export function Popover({ trigger, label, children, placement = "bottom" }: { trigger: ReactElement; label: string; children: ReactNode; placement?: Placement }) {
  const [open, setOpen] = useState(false);
  const { refs, floatingStyles, context } = useFloating({ open, onOpenChange: setOpen, placement, middleware, whileElementsMounted: autoUpdate });
  const { getReferenceProps, getFloatingProps } = useInteractions([useClick(context), useDismiss(context), useRole(context)]);
  return (
    <>
      {cloneElement(trigger, getReferenceProps({ ref: refs.setReference } as Record<string, unknown>))}
      {open && (
        <FloatingPortal>
          <FloatingFocusManager context={context} modal={false}>
            <div ref={refs.setFloating} style={floatingStyles} className="floating popover" aria-label={label} {...getFloatingProps()}>
              {children}
            </div>
          </FloatingFocusManager>
        </FloatingPortal>
      )}
    </>
  );
}

/**
 * A tooltip on hover and keyboard focus, tied to the trigger by `aria-describedby`.
 *
 * @example
 * <Tooltip text="Storage used this month"><span tabIndex={0}>2.35 GB</span></Tooltip>
 */
export function Tooltip({ text, children, placement = "top" }: { text: string; children: ReactElement; placement?: Placement }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const { refs, floatingStyles, context } = useFloating({ open, onOpenChange: setOpen, placement, middleware, whileElementsMounted: autoUpdate });
  const { getReferenceProps, getFloatingProps } = useInteractions([
    useHover(context, { move: false, delay: { open: 300 } }),
    useFocus(context),
    useDismiss(context),
    useRole(context, { role: "tooltip" }),
  ]);
  return (
    <>
      {cloneElement(children, getReferenceProps({ ref: refs.setReference, "aria-describedby": open ? id : undefined } as Record<string, unknown>))}
      {open && (
        <FloatingPortal>
          <div ref={refs.setFloating} id={id} style={floatingStyles} className="floating tooltip" {...getFloatingProps()}>
            {text}
          </div>
        </FloatingPortal>
      )}
    </>
  );
}
