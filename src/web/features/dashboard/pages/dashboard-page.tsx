import { UnderConstruction } from '@web/components/under-construction';

export default function DashboardPage() {
  return <UnderConstruction title="Dashboard" />;
}
