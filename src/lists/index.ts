// Shared list chrome of the list screens; resources/*/…List.tsx build on ListScreen.
export { ListScreen, HOME_LINK, type ListScreenProps } from './ListScreen';
export type { BackLink } from './ListHeader';
export { EditLinkButton, CreateLinkButton } from './LinkButtons';
export { RemoveButton } from './RemoveButton';
export { ROW_ICONS, RowButton } from './RowButton';
export { useListNotices, NOTICE_FADE_MS, type NoticeType } from './ListNotices';
export { useListDialogs } from './ListDialogs';
export { useRemoveRecord, errorText } from './useRemoveRecord';
export { matchesSearch, type SearchIn } from './clientList';
export { useScreenList, type ScreenListOptions } from './useScreenList';
export type { CsvColumn } from './csvExport';
export type { ListColumn, ListRowActions } from './listColumns';
export { RecordCard, RecordCardList, type CardLine } from './RecordCard';
export { useIsPhone } from './useIsPhone';
export { createPath, editPath } from './paths';
export { shortAddress } from './address';
export { useListPaging } from './useListPaging';
