// English texts of the Reports page, assembled by src/i18n under `olympus.reports`.
// "Loading Reports..." is a fixed text; the rest fills gaps.
export const reports = {
  title: 'Reports',
  loading: 'Loading Reports...',
  company_line: 'Company: %{name}',
  refresh: 'Refresh',
  none: 'No reports are set up for this company yet.',
  none_help: 'A super admin can add built-in or Power BI reports for each company.',
  load_failed: 'The reports could not be loaded. Please try again later.',
  retry: 'Try again',
  // The link to the management screens (/dashboard/report), for those who may manage, and back.
  manage: 'Manage reports',
  manage_back: 'Back to Reports',
  provider: {
    builtin: 'Olympus',
    powerbi: 'Power BI',
  },
  builtin: {
    loading: 'Loading report data...',
    failed: 'The report data could not be loaded. Please try again later.',
    reload: 'Reload report',
    updated: 'Updated %{time}',
    empty_title: 'No units yet',
    empty: 'This company has no units yet. The charts fill in as properties and units are added.',
  },
  totals: {
    properties: 'Properties',
    units: 'Units',
    let_units: 'Let units',
    occupancy: 'Occupancy',
    occupancy_help: 'Let units as a share of all units',
    cities: 'In %{smart_count} city |||| In %{smart_count} cities',
    per_property: '%{average} per property on average',
    not_let: '%{smart_count} unit not let |||| %{smart_count} units not let',
    not_available: '—',
  },
  chart: {
    units_by_status: 'Units by status per property',
    units_by_type: 'Units by type',
    bedroom_mix: 'Bedroom mix',
    properties_by_city: 'Properties by city',
    no_data: 'No data to show',
  },
  series: {
    units: 'Units',
    properties: 'Properties',
  },
  bedrooms: {
    studio: 'Studio',
    count: '%{smart_count} bed |||| %{smart_count} beds',
  },
  not_set: 'Not set',
  powerbi: {
    loading: 'Loading Power BI report...',
    unavailable: 'The Power BI viewer could not be loaded. Please try again later.',
    failed: 'The Power BI report could not be shown: %{message}',
    region: 'Power BI report %{name}',
  },
};
