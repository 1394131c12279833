/** `/shop`: an honest page saying what the shop is for, with no offers made up. */
import { PageHeader } from '../../../widgets/PageHeader';

export const SHOP_TITLE = 'Shop';

export function ShopScreen() {
  return (
    <section className="page" aria-label={SHOP_TITLE}>
      <PageHeader title={SHOP_TITLE} help={{ to: '/help#shop', label: 'Help: shop' }} />
      <p className="page__notice" role="note">
        The shop is where licences and add-ons for this appliance will be offered. This version of the console
        has no shop connection: it sells nothing, and sends nothing about this appliance anywhere.
      </p>
    </section>
  );
}
