import { Dialog } from '../ui/Dialog.tsx';
import { NavSections, SidebarSafe } from './Sidebar.tsx';

/** The phone menu: the sidebar's content in a drawer from the left (focus trapped, Escape and × close it). */
export function MenuDrawer({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Menu" variant="drawer" onClose={onClose} closeLabel="Close menu" closeOnOutsideClick className="menu-drawer">
      <nav aria-label="Main" className="drawer-nav">
        <SidebarSafe onAction={onClose} />
        <NavSections onNavigate={onClose} />
      </nav>
    </Dialog>
  );
}
