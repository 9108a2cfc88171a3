// One component of the tree: what it is (purl, type, licenses), where it sits (level, components
// below) and its vulnerabilities, each opening the vulnerability's detail.
import { Box, chakra, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { SeverityBadge } from '../../../components/labels';
import { usePageParams } from '../../../lib/searchParams';
import { componentLabel } from './ComponentTree';
import type { SbomNode } from './sbomTree';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <chakra.dt fontSize="xs" color="fg.muted">
        {label}
      </chakra.dt>
      <chakra.dd fontSize="sm" mb={2} wordBreak="break-all">
        {children}
      </chakra.dd>
    </>
  );
}

export function ComponentDetail({ node }: { node: SbomNode }) {
  const { link } = usePageParams();
  const { row } = node;
  return (
    <Box as="section" aria-label={`Component ${componentLabel(node)}`} borderWidth="1px" borderRadius="md" p={4}>
      <Heading as="h3" size="sm" mb={3}>
        {componentLabel(node)}
      </Heading>
      <chakra.dl>
        <Row label="Package URL">{row.purl ?? '—'}</Row>
        <Row label="Type">{row.type ?? '—'}</Row>
        <Row label="Licenses">{row.licenses.length > 0 ? row.licenses.join(', ') : 'None declared'}</Row>
        <Row label="BOM reference">{row.bom_ref}</Row>
        <Row label="Depends on it">{node.parent ? componentLabel(node.parent) : 'Top level'}</Row>
        <Row label="Level / components below">
          {node.level} / {node.total}
        </Row>
        <Row label="Vulnerabilities here and below">{node.vulnerabilityCount}</Row>
      </chakra.dl>
      <Heading as="h4" size="xs" mt={2} mb={2}>
        Vulnerabilities of this component
      </Heading>
      {row.vulnerabilities.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          None known.
        </Text>
      ) : (
        <Stack as="ul" gap={1} listStyleType="none">
          {row.vulnerabilities.map((vulnerability) => (
            <chakra.li key={vulnerability.id} display="flex" alignItems="center" gap={2}>
              <SeverityBadge severity={vulnerability.severity} />
              <ChakraLink asChild colorPalette="blue" fontSize="sm">
                <Link to={link({ vuln: vulnerability.id, ref: row.bom_ref })}>{vulnerability.id}</Link>
              </ChakraLink>
            </chakra.li>
          ))}
        </Stack>
      )}
    </Box>
  );
}
