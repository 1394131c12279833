/** The verified screen (spec §2): the account is now verified, with a continue-to-login button. */
import { Link } from 'react-router';
import { AuthLayout } from './AuthLayout';

export function VerifiedScreen({ title }: { title: string }) {
  return (
    <AuthLayout title={title}>
      <p className="auth__alert auth__alert--success" role="status">
        Your account is now verified.
      </p>
      <div className="auth__actions">
        <Link className="button button--primary" to="/login/">
          Continue to log in
        </Link>
      </div>
    </AuthLayout>
  );
}
