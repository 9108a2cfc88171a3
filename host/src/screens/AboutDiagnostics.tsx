// About's diagnostics for administrators, shown on asking (issue 26 item 11): the pages no longer
// name the remote under their title, so which part of the portal serves a page is told here —
// every part with the routes it serves and where its code is loaded from (/remotes.json), and a
// path looked up to its part. A chunk of its own: the host's first load does not carry it.
import { Heading, Stack, Text } from '@chakra-ui/react';
import { REMOTES, resolveRoute, ROUTES, type RouteOwner } from '@portal/shared';
import { DataTable, TextField, type Column } from '@portal/shared/screens';
import { useEffect, useState } from 'react';
import { registerRemotesFromManifest, type RemoteManifest } from '../remotes/remoteRegistry';

interface PortalPart {
  owner: RouteOwner;
  routes: string[];
  loadedFrom: string;
}

const OWNERS: readonly RouteOwner[] = ['host', ...REMOTES];

function partsOf(manifest: RemoteManifest | 'failed' | undefined): PortalPart[] {
  return OWNERS.map((owner) => ({
    owner,
    routes: ROUTES.filter((route) => route.owner === owner).map((route) => route.path),
    loadedFrom:
      owner === 'host' ? 'index.html' : manifest === undefined ? 'Reading /remotes.json…' : manifest === 'failed' ? '/remotes.json could not be read' : (manifest[owner] ?? 'not listed in /remotes.json'),
  }));
}

const COLUMNS: readonly Column<PortalPart>[] = [
  { header: 'Part', rowHeader: true, cell: (part) => part.owner },
  { header: 'Routes', align: 'end', cell: (part) => part.routes.length },
  { header: 'First routes', cell: (part) => part.routes.slice(0, 4).join(', ') + (part.routes.length > 4 ? ', …' : '') },
  { header: 'Loaded from', cell: (part) => part.loadedFrom },
];

export default function AboutDiagnostics() {
  const [manifest, setManifest] = useState<RemoteManifest | 'failed'>();
  const [path, setPath] = useState('');
  useEffect(() => {
    let live = true;
    registerRemotesFromManifest().then(
      (listed) => live && setManifest(listed),
      () => live && setManifest('failed'),
    );
    return () => {
      live = false;
    };
  }, []);
  const asked = path.trim();
  const found = asked.startsWith('/') ? resolveRoute(asked.split(/[?#]/)[0]) : undefined;
  return (
    <Stack as="section" aria-labelledby="about-diagnostics" gap={3} mt={6}>
      <Heading as="h2" size="md" id="about-diagnostics">
        Diagnostics
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        The parts of the portal and the pages each serves (shown to administrators).
      </Text>
      <DataTable caption="Parts of the portal" captionHidden columns={COLUMNS} rows={partsOf(manifest)} rowKey={(part) => part.owner} verticalAlign="top" />
      <TextField label="Which part serves a page?" value={path} onChange={setPath} placeholder="/applications/juice-shop" />
      {asked !== '' && (
        <Text role="status">
          {found ? `${found.route.path} (${found.route.title}): part ${found.route.owner}.` : asked.startsWith('/') ? 'No route of the portal matches this path.' : 'A path starts with /.'}
        </Text>
      )}
    </Stack>
  );
}
