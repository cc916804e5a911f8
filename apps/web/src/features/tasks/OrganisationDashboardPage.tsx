export function OrganisationDashboardPage() {
  return null;
}
