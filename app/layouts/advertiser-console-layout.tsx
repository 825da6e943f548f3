import { Outlet, useParams } from "react-router";
import { ConsoleNavigation } from "~/features/advertiser-console/console-navigation";

/** The advertiser console (/advertiser/*): its navigation for the chosen account, then the page. */
export default function AdvertiserConsoleLayout() {
  const { advertiserId } = useParams();
  return (
    <div className="console">
      <ConsoleNavigation advertiserId={advertiserId} />
      <div className="console-page">
        <Outlet />
      </div>
    </div>
  );
}
