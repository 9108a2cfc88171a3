// A version shown in the page: a PDF in a frame of its inline URL (served with nosniff and a CSP),
// an image, markdown rendered safely, text as it is, a CSV as a table. Other types: download only.
import { Box, chakra, Text } from '@chakra-ui/react';
import { ErrorAlert, Loading } from '@portal/shared';
import { lazy, Suspense } from 'react';
import { documentFileUrl, useDocumentText } from '../api/getDocumentText';
import { parseCsv, previewKind } from './csv';

const MarkdownRenderer = lazy(() => import('./MarkdownRenderer'));

const Cell = chakra('td', { base: { px: 2, py: 1, borderWidth: '1px', whiteSpace: 'pre-wrap' } });

function CsvTable({ text }: { text: string }) {
  const { rows, cut } = parseCsv(text);
  const [head, ...body] = rows;
  return (
    <Box overflowX="auto">
      <chakra.table fontSize="sm" aria-label="CSV preview" borderCollapse="collapse">
        {head && (
          <thead>
            <tr>
              {head.map((cell, index) => (
                <chakra.th key={index} px={2} py={1} borderWidth="1px" bg="bg.muted" textAlign="start">
                  {cell}
                </chakra.th>
              ))}
            </tr>
          </thead>
        )}
        <tbody>
          {body.map((row, index) => (
            <tr key={index}>
              {row.map((cell, column) => (
                <Cell key={column}>{cell}</Cell>
              ))}
            </tr>
          ))}
        </tbody>
      </chakra.table>
      {cut && <Text fontSize="xs" color="fg.muted">Only the first rows are shown: download the file for the rest.</Text>}
    </Box>
  );
}

export interface DocumentPreviewProps {
  graph: string;
  id: string;
  name: string;
  version: number;
  contentType: string;
}

export function DocumentPreview({ graph, id, name, version, contentType }: DocumentPreviewProps) {
  const kind = previewKind(contentType);
  const textual = kind === 'markdown' || kind === 'csv' || kind === 'text';
  const text = useDocumentText(graph, id, version, textual);
  if (kind === 'pdf') return <chakra.iframe title={`Preview of ${name}`} src={documentFileUrl(graph, id, version, true)} width="full" height="70vh" borderWidth="1px" borderRadius="md" />;
  if (kind === 'image') return <chakra.img src={documentFileUrl(graph, id, version, true)} alt={`Preview of ${name}`} maxH="70vh" objectFit="contain" />;
  if (kind === 'none') return <Text color="fg.muted">No preview for this type: download it.</Text>;
  if (text.isPending) return <Loading label="Loading the preview…" />;
  if (text.error || !text.data) return <ErrorAlert error={text.error} onRetry={() => void text.refetch()} />;
  return (
    <Box role="region" aria-label={`Preview of ${name}`} borderWidth="1px" borderRadius="md" p={3} maxH="70vh" overflow="auto">
      {kind === 'markdown' && (
        <Suspense fallback={<Text whiteSpace="pre-wrap">{text.data.text}</Text>}>
          <MarkdownRenderer text={text.data.text} />
        </Suspense>
      )}
      {kind === 'csv' && <CsvTable text={text.data.text} />}
      {kind === 'text' && (
        <chakra.pre fontFamily="mono" fontSize="sm" whiteSpace="pre-wrap">
          {text.data.text}
        </chakra.pre>
      )}
      {text.data.cut && <Text fontSize="xs" color="fg.muted">The file is longer than the preview shows: download it for the rest.</Text>}
    </Box>
  );
}
