/** The terms of use, linked from sign-up (opened in a new tab). */
import { Link } from 'react-router';
import { AuthLayout } from './AuthLayout';

export function TermsPage() {
  return (
    <AuthLayout title="Terms of use">
      <div className="auth__terms">
        <p>This console administers a network and security appliance. By creating an account you agree to:</p>
        <ul>
          <li>use the console only to manage systems you are authorised to manage;</li>
          <li>keep your password and second factor to yourself;</li>
          <li>accept that actions taken in the console are logged for security and audit purposes.</li>
        </ul>
        <p>The appliance owner may suspend accounts that break these terms.</p>
      </div>
      <nav className="auth__links" aria-label="Account">
        <Link to="/account/signup">Back to sign up</Link>
      </nav>
    </AuthLayout>
  );
}
