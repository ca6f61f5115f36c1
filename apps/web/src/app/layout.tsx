import { Outlet } from 'react-router';

/** App shell: header, sidebar, content. (Placeholder; the shell work fills it in.) */
export function Layout() {
  return <Outlet />;
}
