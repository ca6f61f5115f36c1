import { useSearchParams } from 'react-router';
import { ConnectExtension } from '../../features/account/components/connect-extension.tsx';

/**
 * /connect/extension?challenge={base64url}&browser={Chrome|Edge|Firefox} (issue #20): where
 * the browser extension's 'Connect' opens, in a tab of its own that it hands the grant's
 * code to after Allow (issue #28 item 5). It needs sign-in: signed out, the layout's sign-in
 * modal covers it and, once signed in, the page keeps its query.
 */
export function ExtensionConnectPage() {
  const [params] = useSearchParams();
  return <ConnectExtension challenge={params.get('challenge')?.trim() ?? ''} browser={params.get('browser') ?? ''} />;
}
