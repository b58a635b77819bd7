export default function MyAccountPage() {
  return null;
}
