export function UserDashboardPage() {
  return null;
}
