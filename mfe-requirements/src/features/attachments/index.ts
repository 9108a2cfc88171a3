// The attachments of a requirement, mounted by the requirement detail.
export { AttachmentsPanel, type AttachmentsPanelProps } from './AttachmentsPanel';
