export {
  PageHeader,
  tabLabel,
  type PageHeaderProps,
  type BadgeColor,
  type HeaderButton,
  type HeaderFilterButton,
  type FilterTab,
  type NoticeLevel,
} from './PageHeader';
