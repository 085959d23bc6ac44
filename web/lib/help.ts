/** The help links as the footer and the FAQ both name them. */
export const HELPDESK_LABEL = 'Submit a help-desk ticket';
export const HELP_PAGE_LABEL = 'Help and guidelines';
