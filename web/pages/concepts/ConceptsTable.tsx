/** The badges and details button moved to the shared item components; screens still name them here. */
export { InfoButton, LinkedBadge, StatusBadge } from '../../components/items/badges';
